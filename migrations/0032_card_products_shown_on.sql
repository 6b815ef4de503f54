-- Where staff show a card product to visitors besides its sale: on the start
-- page, on /boka, on both, or on neither (the default). A hidden product is
-- shown nowhere, whatever this says.
ALTER TABLE card_products ADD COLUMN shown_on TEXT NOT NULL DEFAULT 'none' CHECK (shown_on IN ('none', 'start', 'boka', 'both'));
