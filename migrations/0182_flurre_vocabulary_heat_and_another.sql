-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a bitch
-- in heat as one word ('kan en löptik vara med') asks what the site says of a
-- dog ill or in heat, as 'löper' does; changing to another session ('byta
-- till ett annat pass') is rebooking, the 'other' said with it.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'sick' FROM json_each('["löptik", "löptiken", "löptikar", "löptikarna"]');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["byta till ~ annan dag", "omboka"], ["byta till ~ annan tid", "omboka"], ["byta till ~ annat datum", "omboka"],
  ["byta till ~ annat", "omboka"], ["byta till ~ annan", "omboka"], ["byta till ~ andra", "omboka"],
  ["byta ~ annat", "omboka"], ["byta ~ annan", "omboka"]
]');
