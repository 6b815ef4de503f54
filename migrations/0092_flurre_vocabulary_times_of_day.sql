-- Flurre's grammar (the table and its kinds: 0026): the words for a time of
-- day and the hours they say, from and to ('time 17 23'). The sessions a
-- question asks for are narrowed to those starting then, as by a weekday
-- ('finns det vardagslydnad på kvällstid'). 'kväll' and 'morgon' alone are
-- greetings (0080), so only their other forms are here.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'grammar', json_extract(value, '$[1]') FROM json_each('[
  ["kvällen", "time 17 24"], ["kvällar", "time 17 24"], ["kvällarna", "time 17 24"], ["kvällstid", "time 17 24"],
  ["kvällstider", "time 17 24"], ["kvällspass", "time 17 24"], ["morgonen", "time 5 10"], ["morgnar", "time 5 10"],
  ["morgnarna", "time 5 10"], ["förmiddag", "time 5 12"], ["förmiddagen", "time 5 12"], ["förmiddagar", "time 5 12"],
  ["förmiddagarna", "time 5 12"], ["förmiddagstid", "time 5 12"], ["eftermiddag", "time 12 17"],
  ["eftermiddagen", "time 12 17"], ["eftermiddagar", "time 12 17"], ["eftermiddagarna", "time 12 17"],
  ["eftermiddagstid", "time 12 17"], ["dagtid", "time 7 17"], ["dagtider", "time 7 17"], ["lunch", "time 11 14"],
  ["lunchtid", "time 11 14"], ["lunchen", "time 11 14"]
]');
