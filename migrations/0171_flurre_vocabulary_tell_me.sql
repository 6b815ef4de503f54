-- More of Flurre's everyday Swedish (the table and its kinds: 0026): being
-- asked to inform is being asked to tell, as 'tala om' is ('kan ni upplysa
-- mig om vad ett pass kostar'); 'av typen' says which sort of thing, as
-- 'sorts' does ('ett privatpass av typen …'); and what sounds right to the
-- visitor tells only that ('… låter rätt, men vad kostar den?').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["upplysa mig om", "berätta"], ["upplysa oss om", "berätta"], ["upplysa om", "berätta"],
  ["informera mig om", "berätta"], ["informera oss om", "berätta"], ["informera om", "berätta"],
  ["av typen", "sorts"], ["av sorten", "sorts"],
  ["låter rätt", "bra"], ["låter bra", "bra"], ["verkar bra", "bra"], ["verkar rätt", "bra"]
]');
