-- More of Flurre's everyday Swedish (the table and its kinds: 0026): more of
-- what the site never speaks of ('unsaid'), each form a row of its own:
-- certificates, the dog's papers and health, aids, and what a place has.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'unsaid' FROM json_each('[
  "intyg", "intyget", "diplom", "diplomet", "certifikat", "certifierad", "certifierade", "chip", "chippad", "chipmärkt",
  "id-märkt", "munkorg", "munkorgen", "medicin", "mediciner", "medicinen", "allergi", "allergisk", "allergiska",
  "epilepsi", "dräktig", "gravid", "rullstol", "rullstolen", "rullator", "hiss", "hissen", "barnvagn", "barnvagnen",
  "toalett", "toaletten", "toaletter", "wc", "fika", "kaffe", "belysning", "belyst", "konstgräs", "kennelklubben",
  "skk", "hundbur", "buren", "hundburar"
]');
