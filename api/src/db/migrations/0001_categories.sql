-- Reference data: the three categories of the spec. Their names live in the locale files.
INSERT INTO "categories" ("id", "slug") VALUES (1, 'elegance'), (2, 'pump-covers'), (3, 'confidence')
ON CONFLICT ("id") DO NOTHING;
