-- More of Flurre's everyday Swedish (the table and its kinds: 0026): seeing
-- or checking what one has booked oneself is signing in to one's bookings
-- ('var kan jag se vad jag har bokat', 'kan jag se bokningen från min
-- mejl'); who else has booked is not ('kan jag se vilka som har bokat').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'phrase', 'inloggning' FROM json_each('[
  "se vad jag har bokat", "se vad jag bokat", "se vad vi har bokat", "se vad vi bokat", "se ~ bokning", "se ~ bokningen", "se ~ bokningar", "se ~ bokningarna",
  "kolla vad jag har bokat", "kolla vad jag bokat", "kolla ~ bokning", "kolla ~ bokningen", "kolla ~ bokningar"
]');
