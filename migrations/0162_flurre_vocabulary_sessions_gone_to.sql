-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- sessions a visitor has been to are their earlier bookings ('kan jag se
-- gamla pass jag redan gått på', 'historik över tidigare pass jag gått').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', 'tidigare bokningar' FROM json_each('[
  ["pass jag gått på"], ["pass jag har gått på"], ["pass jag redan gått på"], ["pass jag redan har gått på"], ["pass jag gått"],
  ["pass vi gått på"], ["pass vi har gått på"], ["pass vi redan gått på"], ["pass vi redan har gått på"], ["pass vi gått"],
  ["pass jag har gått"], ["pass vi har gått"], ["pass jag redan gått"], ["pass vi redan gått"],
  ["pass vi redan har varit på"], ["pass vi har varit på"], ["pass jag har varit på"], ["pass jag redan har varit på"],
  ["gamla pass jag gått på"], ["gamla pass jag redan gått på"], ["gamla pass vi gått på"], ["gamla pass vi redan gått på"],
  ["tidigare pass jag gått"], ["tidigare pass jag gått på"], ["tidigare pass vi gått"], ["tidigare pass vi gått på"],
  ["gamla pass"], ["gamla bokningar"], ["historik över tidigare pass jag gått"], ["historik över tidigare pass"], ["historik över mina pass"]
]');
