-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the day
-- a visitor booked is in their bookings ('har glömt vilken dag jag bokade, var
-- kollar jag det'), not a day asked of the sessions.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', 'inloggning' FROM json_each('[
  ["vilken dag jag bokade"], ["vilken dag vi bokade"], ["vilken dag jag har bokat"], ["vilken dag vi har bokat"],
  ["vilket datum jag bokade"], ["vilket datum vi bokade"], ["vilket datum jag har bokat"], ["vilket datum vi har bokat"],
  ["vilken tid jag bokade"], ["vilken tid vi bokade"], ["vilka datum jag har bokat"], ["vilka datum vi har bokat"]
]');
