-- More of Flurre's grammar (the table and its kinds: 0026): 'passar' and
-- 'passa' open a question of yes or no ('Passar VARDAGSLYDNAD för honom?'),
-- as 'kan' and 'får' do.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('passar', 'grammar', 'yes-no'), ('passa', 'grammar', 'yes-no');
