-- Decision 0084 (issue 23, a million products): the words of a product's name alone (the search vector's
-- weight A: name, Bangla name, variant values), indexed. A broad search's name matches are found through it
-- exactly, where `word:A` on the search index rechecked every product holding the word anywhere (80,000 rows
-- read for "7 k" at a million products).
CREATE INDEX IF NOT EXISTS "products_name_search_idx" ON "products" USING gin (ts_filter("search_vector", '{a}'));
