-- The demo catalogue's descriptions promised "the first resize within 60 days is free" on every ring
-- and band, eternity bands included (which cannot be resized) and whatever the store's settings said.
-- The page now says it from the settings and the piece; the seeded sentence goes from what is stored.
UPDATE "product_group"
SET "long_description" = replace("long_description", ' and sized to your finger; the first resize within 60 days is free.', ' and sized to your finger.')
WHERE "long_description" LIKE '%the first resize within 60 days is free.%';
