-- Issue 13, decision 0013: a member's picture is nothing, an emoji, or the upload the server issued to
-- them; never an image of another host (a tracking pixel on every page that shows the member), never a
-- path the server did not issue. Rows written before (the Google picture URL stored at registration,
-- any URL or path a client sent) lose theirs. Kept: nothing, a short text without ASCII (keycaps
-- aside) as emoji are written, and the member's own upload, whose key names their id
-- (features/profile/image.ts: /uploads/profile/{id without other characters}-{12 hex}.webp).
UPDATE "users" SET "picture" = NULL
WHERE "picture" IS NOT NULL AND "picture" <> ''
  AND NOT (char_length("picture") <= 24 AND "picture" ~ '^([0-9#*]\uFE0F?\u20E3|[^\x01-\x7F])+$')
  AND NOT (
    regexp_replace("id", '[^A-Za-z0-9_-]', '', 'g') <> ''
    AND "picture" ~ ('^/uploads/profile/' || regexp_replace("id", '[^A-Za-z0-9_-]', '', 'g') || '-[0-9a-f]{12}\.webp$')
  );
