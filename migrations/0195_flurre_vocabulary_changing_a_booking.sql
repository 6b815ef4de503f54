-- More of Flurre's everyday Swedish (the table and its kinds: 0026): changing
-- the day, time or date of one's booking ('kan jag byta datum på min
-- bokning') is rebooking it, as 'ändra min bokning' is (0044); the booking
-- named is what is rebooked, not a sign-in.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["byta datum på min bokning", "omboka bokning"], ["byta tid på min bokning", "omboka bokning"], ["byta dag på min bokning", "omboka bokning"],
  ["ändra datum på min bokning", "omboka bokning"], ["ändra tid på min bokning", "omboka bokning"], ["ändra dag på min bokning", "omboka bokning"],
  ["byta datum för min bokning", "omboka bokning"], ["ändra datum för min bokning", "omboka bokning"]
]');
