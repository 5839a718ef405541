CREATE TABLE `event_comedians` (
	`event_id` integer NOT NULL,
	`comedian_id` integer NOT NULL,
	`role` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`event_id`, `comedian_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comedian_id`) REFERENCES `comedians`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_comedians_comedian_idx` ON `event_comedians` (`comedian_id`);--> statement-breakpoint
ALTER TABLE `comedians` ADD `slug` text;--> statement-breakpoint
ALTER TABLE `comedians` ADD `photo_url` text;--> statement-breakpoint
ALTER TABLE `comedians` ADD `instagram_url` text;--> statement-breakpoint
ALTER TABLE `comedians` ADD `tiktok_url` text;--> statement-breakpoint
ALTER TABLE `comedians` ADD `youtube_url` text;--> statement-breakpoint
ALTER TABLE `comedians` ADD `website_url` text;--> statement-breakpoint
ALTER TABLE `comedians` ADD `updated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `comedians_slug_unique` ON `comedians` (`slug`);--> statement-breakpoint
-- ==== HAND-WRITTEN DATA MIGRATION (i17-comedians): give existing comedians a slug ====
-- A name made only of ASCII letters, digits, spaces and . , ' & - gets a readable slug
-- ("Priya Nair" -> "priya-nair") when no other comedian's name gives the same one; every
-- other row gets "comedian-{id}" (staff can change it on /admin/comedians).
UPDATE `comedians` SET `slug` = lower(replace(replace(replace(replace(replace(replace(trim(`name`), '''', ''), '.', ''), ',', ''), '&', 'and'), '  ', ' '), ' ', '-'))
WHERE `slug` IS NULL AND trim(`name`) <> '' AND trim(`name`) NOT GLOB '*[^A-Za-z0-9 .,''&-]*'
  AND lower(replace(replace(replace(replace(replace(replace(trim(`name`), '''', ''), '.', ''), ',', ''), '&', 'and'), '  ', ' '), ' ', '-')) NOT GLOB 'comedian-[0-9]*'
  AND (SELECT count(*) FROM `comedians` AS c2 WHERE lower(replace(replace(replace(replace(replace(replace(trim(c2.`name`), '''', ''), '.', ''), ',', ''), '&', 'and'), '  ', ' '), ' ', '-')) = lower(replace(replace(replace(replace(replace(replace(trim(`comedians`.`name`), '''', ''), '.', ''), ',', ''), '&', 'and'), '  ', ' '), ' ', '-'))) = 1;--> statement-breakpoint
UPDATE `comedians` SET `slug` = 'comedian-' || `id` WHERE `slug` IS NULL;
-- ==== END HAND-WRITTEN DATA MIGRATION ====
