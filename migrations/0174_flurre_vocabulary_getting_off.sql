-- More of Flurre's everyday Swedish (the table and its kinds: 0026): getting
-- out of a list and turning the mails off is leaving it ('hur kommer jag ur
-- er mejllista', 'för mycket mejl, hur stänger jag av det'), as taking oneself
-- off it is; and the way somewhere by car or bus is the way there ('hur
-- hittar man till ängen med bil').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["kommer ~ ur", "avprenumererar"], ["komma ur", "avprenumerera"],
  ["stänger ~ av", "avprenumererar"], ["stänga av", "avprenumerera"],
  ["med bil", "dit"], ["med buss", "dit"], ["med bilen", "dit"], ["med bussen", "dit"]
]');
