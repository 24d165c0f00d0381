-- Typo search matches the words of names (search_words, 0005), not whole names: the name trigram index is no longer read.
DROP INDEX "products_name_trgm_idx";
