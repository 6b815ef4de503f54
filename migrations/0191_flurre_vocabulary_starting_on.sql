-- More of Flurre's everyday Swedish (the table and its kinds: 0026): to start
-- on a session ('kan vi börja på valpkursen', 'får valpen börja gå på
-- vardagslydnad') is to go to it, which asks nothing of its own: whether the
-- dog may go, its age told, is what the type's text answers.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["börja gå på", "gå på"], ["börja på", "gå på"], ["börja gå", "gå"]
]');
