-- More of Flurre's everyday Swedish (the table and its kinds: 0026):
-- changing the day, time or session one booked is rebooking it, and not
-- being able to come is cancelling.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["byta dag", "omboka"], ["byta tid", "omboka"], ["byta datum", "omboka"], ["byta pass", "omboka"],
  ["kan inte komma", "avboka"], ["inte kan komma", "avboka"], ["kan vi inte komma", "avboka"], ["kan jag inte komma", "avboka"]
]');
