-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- inflected forms of words the site never speaks of. What the site never
-- speaks of is read by the word itself only, not by a stem it shares, so each
-- form is a row of its own ('hästar', 'stallet', 'parkeringen').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'unsaid' FROM json_each('[
  "katter", "katten", "katterna", "hästar", "hästen", "hästarna", "parkeringen", "parkeringar",
  "parkeringsplats", "parkeringsplatser", "parkeringsplatsen", "p-platser", "rabatter", "rabatten", "försäkringen",
  "försäkringar", "fakturan", "fakturor", "vaccinet", "vaccinerna", "vaccinationen", "vaccinerade", "fodret",
  "kenneln", "uppfödaren", "tävlingar", "tävlingen", "tävlar", "tävlat", "utställningar", "utställningen",
  "kastrerade", "kastrerat", "kastreringen", "trimmar", "klorna", "simmar", "badar", "joggar", "kontanter",
  "lekplatsen", "hundparken", "hundparker", "pensionatet", "filmar", "filmas", "prognosen"
]');
