-- More of Flurre's grammar (the table and its kinds: 0026), for its yes or
-- no and its greeting. A grammar value may name several roles, space
-- apart ('yes-no turns').
--   'greeting'  a word that only greets ('hej', 'god morgon'): a question of
--               such words alone, or with a name of the team, is a greeting
--   'turns'     a word that says the opposite of what it is read as: a
--               session called off ('inställt'), a price of nothing
--               ('gratis'); with 'not' words it tells whether a yes/no
--               question is asked the other way round from a text
--   'if'        a word that opens a condition ('om vi bara är två'): a rule
--               says what holds in general, not whether it holds then
-- 'kostar' and 'ställs' open a yes-or-no question too ('Kostar det något?',
-- 'Ställs passet in om det regnar?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'grammar', json_extract(value, '$[1]') FROM json_each('[
  ["hej", "greeting"], ["hejsan", "greeting"], ["hejhej", "greeting"], ["hallå", "greeting"], ["halloj", "greeting"],
  ["tja", "greeting"], ["tjena", "greeting"], ["tjenare", "greeting"], ["tjabba", "greeting"], ["morsning", "greeting"],
  ["god", "greeting"], ["goddag", "greeting"], ["godmorgon", "greeting"], ["godkväll", "greeting"], ["morgon", "greeting"],
  ["dag", "greeting"], ["kväll", "greeting"], ["hello", "greeting"], ["hi", "greeting"], ["voff", "greeting"],
  ["inställt", "turns"], ["inställd", "turns"], ["inställda", "turns"], ["inställas", "turns"], ["ställas", "turns"],
  ["ställs", "yes-no turns"], ["gratis", "turns"], ["kostnadsfri", "turns"], ["kostnadsfritt", "turns"],
  ["avgiftsfri", "turns"], ["avgiftsfritt", "turns"], ["stängt", "turns"], ["stängd", "turns"],
  ["om", "if"], ["ifall", "if"], ["kostar", "yes-no"]
]');
