-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- booking told done ('vi har bokat vardagslydnad på onsdag', 'vårt bokade
-- pass') while something else is asked tells the visitor's situation, not
-- what is asked ('Min tik har börjat löpa och vi har bokat vardagslydnad,
-- hur gör vi nu?'): understand.ts, doneTold.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'done' FROM json_each('[
  "bokat", "bokade", "bokad"
]');
