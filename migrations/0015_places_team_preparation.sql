-- Content staff edit in the admin area: the training places (/hitta, the
-- session form's location list, Flurre), the team (/om) and the preparation
-- checklist (/preppa). Seeded with the texts the pages showed until now, so
-- every page renders as before until staff change something.
-- Home visits and online sessions are built-in rows of `places`, never
-- shown on /hitta nor edited, so every session's location names a row
-- (migration 0016 makes that a foreign key).

CREATE TABLE places (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  town TEXT NOT NULL DEFAULT '' CHECK (length(town) <= 60),
  kind TEXT NOT NULL CHECK (kind IN ('indoor', 'outdoor', 'home', 'online')),
  description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  map_url TEXT CHECK (map_url IS NULL OR map_url LIKE 'https://%'),
  image_url TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX places_name_unique ON places (name);

INSERT INTO places (name, town, kind, description, map_url, image_url, sort_order) VALUES
  ('Hundhallen Gävle', 'Gävle', 'indoor',
   'Vår varma och torra hall för valpkurser, privatpass och KOMBIPASS – träning året runt oavsett väder.',
   'https://www.google.com/maps/search/?api=1&query=Hundhallen+G%C3%A4vle', '/images/places/hundhallen.svg', 1),
  ('Regementsparken Gävle', 'Gävle', 'outdoor',
   'Stora gräsytor och gångvägar med lagom mycket liv runt omkring – perfekt för vardagslydnad och hundmöten.',
   'https://www.google.com/maps/search/?api=1&query=Regementsparken+G%C3%A4vle', '/images/places/park.svg', 2),
  ('Stadsparken Sandviken', 'Sandviken', 'outdoor',
   'Mitt i stan, med stigar längs vattnet. Här tränar vi promenader, fokus och valpkurs utomhus.',
   'https://www.google.com/maps/search/?api=1&query=Stadsparken+Sandviken', '/images/places/park.svg', 3),
  ('Bronsängen Sandviken', 'Sandviken', 'outdoor',
   'En öppen äng med plats för avstånd – bra för hundar som behöver lite extra utrymme.',
   'https://www.google.com/maps/search/?api=1&query=Brons%C3%A4ngen+Sandviken', '/images/places/meadow.svg', 4),
  ('Hembesök', '', 'home', '', NULL, NULL, 90),
  ('Online', '', 'online', '', NULL, NULL, 91);

CREATE TABLE team_members (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  role TEXT NOT NULL DEFAULT '' CHECK (length(role) <= 80),
  text TEXT NOT NULL DEFAULT '' CHECK (length(text) <= 1000),
  image_url TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO team_members (name, role, text, image_url, sort_order) VALUES
  ('Flurre', 'Kontorshund och frågeexpert',
   'Flurre håller koll på alla frågor som kommer in. Det han inte kan svara på själv springer han med direkt till tränarna – gärna med svansen i topp.',
   '/images/team/flurre.svg', 1),
  ('Linnea', 'Hundinstruktör',
   'Linnea leder GruppUps, privatpass och hembesök i Gävle och Sandviken. Hon tränar belöningsbaserat, med mycket lek och tydliga små steg.',
   '/images/team/instruktor.svg', 2),
  ('Jonas', 'Ekonomi och administration',
   'Jonas ser till att bokningar, kvitton och allt det praktiska fungerar, så att tränarna kan lägga all tid på er och era hundar.',
   '/images/team/ekonomi.svg', 3);

CREATE TABLE preparation_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  text TEXT NOT NULL DEFAULT '' CHECK (length(text) <= 1000),
  sort_order INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO preparation_items (title, text, sort_order) VALUES
  ('Koppel och sele.', 'Ett vanligt koppel (inte flexikoppel) och ett halsband eller en sele som sitter bra.', 1),
  ('Godis – mycket godis!', 'Små, mjuka och extra goda bitar som hunden verkligen gillar. Hellre för mycket än för lite.', 2),
  ('Vatten och skål.', 'Särskilt på utomhuspassen och varma dagar.', 3),
  ('Bajspåsar.', 'Vi lämnar platserna finare än vi hittade dem.', 4),
  ('Kläder efter väder.', 'Utomhuspassen blir av i både sol och regn, så klä dig för att stå ute en stund.', 5),
  ('En rastad hund.', 'Ta en kort promenad innan, så kan hunden fokusera på träningen.', 6),
  ('Kom i god tid.', 'Var på plats några minuter innan start så hinner hunden landa i miljön.', 7),
  ('Är hunden sjuk eller löper?', 'Hör av dig till oss innan passet så hittar vi en lösning.', 8);
