-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a seat
-- offered from the queue is what the site calls a reserved seat ('hur länge
-- gäller erbjudandet från kön', 'hur länge har jag på mig när jag blir
-- erbjuden en plats'): the queue's rule says how long it is held.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["erbjudande från kön", "reserverad plats kön"], ["erbjudandet från kön", "reserverad plats kön"],
  ["erbjudande om ~ plats", "reserverad plats"], ["erbjudandet om ~ plats", "reserverad plats"],
  ["erbjuden ~ plats", "reserverad plats"], ["erbjuds ~ plats", "reserverad plats"], ["erbjudits ~ plats", "reserverad plats"]
]');
