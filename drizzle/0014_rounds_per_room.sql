ALTER TABLE `votes` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `voting_rounds` ADD `event_date` text;--> statement-breakpoint
ALTER TABLE `voting_rounds` ADD `room_seats` integer;--> statement-breakpoint
-- ==== HAND-WRITTEN DATA MIGRATION (rounds_per_room, issue 37) ====
-- A round tied to a show before issue 37 belongs to that show's (first) date.
UPDATE `voting_rounds` SET `event_date` = (SELECT `date` FROM `events` WHERE `events`.`id` = `voting_rounds`.`event_id`)
  WHERE `event_id` IS NOT NULL AND `event_date` IS NULL;--> statement-breakpoint
-- A voided vote leaves the tallies (and the host's burst list) at once, in its own statement.
CREATE TRIGGER `votes_tally_void` AFTER UPDATE OF `voided_at` ON `votes`
  WHEN old.`voided_at` IS NULL AND new.`voided_at` IS NOT NULL BEGIN
  UPDATE `round_tallies` SET `votes` = `votes` - 1
    WHERE `round_id` = old.`round_id` AND `comedian_id` = old.`comedian_id`;
  UPDATE `vote_minutes` SET `votes` = `votes` - 1
    WHERE `round_id` = old.`round_id` AND `ip_address` = old.`ip_address`
      AND `minute` = cast(old.`created_at` / 60000 as integer) * 60000;
  DELETE FROM `vote_minutes` WHERE `round_id` = old.`round_id` AND `ip_address` = old.`ip_address`
      AND `minute` = cast(old.`created_at` / 60000 as integer) * 60000 AND `votes` <= 0;
END;--> statement-breakpoint
-- Deleting a voided vote takes nothing off the tallies (it was taken off when voided).
DROP TRIGGER `votes_tally_delete`;--> statement-breakpoint
CREATE TRIGGER `votes_tally_delete` AFTER DELETE ON `votes` WHEN old.`voided_at` IS NULL BEGIN
  UPDATE `round_tallies` SET `votes` = `votes` - 1
    WHERE `round_id` = old.`round_id` AND `comedian_id` = old.`comedian_id`;
  UPDATE `vote_minutes` SET `votes` = `votes` - 1
    WHERE `round_id` = old.`round_id` AND `ip_address` = old.`ip_address`
      AND `minute` = cast(old.`created_at` / 60000 as integer) * 60000;
  DELETE FROM `vote_minutes` WHERE `round_id` = old.`round_id` AND `ip_address` = old.`ip_address`
      AND `minute` = cast(old.`created_at` / 60000 as integer) * 60000 AND `votes` <= 0;
END;--> statement-breakpoint
-- Moving a vote (round, comedian, address, time) moves its count only while it counts.
DROP TRIGGER `votes_tally_update`;--> statement-breakpoint
CREATE TRIGGER `votes_tally_update` AFTER UPDATE OF `round_id`, `comedian_id`, `ip_address`, `created_at` ON `votes`
  WHEN old.`voided_at` IS NULL AND new.`voided_at` IS NULL BEGIN
  UPDATE `round_tallies` SET `votes` = `votes` - 1
    WHERE `round_id` = old.`round_id` AND `comedian_id` = old.`comedian_id`;
  INSERT INTO `round_tallies` (`round_id`, `comedian_id`, `votes`) VALUES (new.`round_id`, new.`comedian_id`, 1)
    ON CONFLICT (`round_id`, `comedian_id`) DO UPDATE SET `votes` = `votes` + 1;
  UPDATE `vote_minutes` SET `votes` = `votes` - 1
    WHERE `round_id` = old.`round_id` AND `ip_address` = old.`ip_address`
      AND `minute` = cast(old.`created_at` / 60000 as integer) * 60000;
  DELETE FROM `vote_minutes` WHERE `round_id` = old.`round_id` AND `ip_address` = old.`ip_address`
      AND `minute` = cast(old.`created_at` / 60000 as integer) * 60000 AND `votes` <= 0;
  INSERT INTO `vote_minutes` (`round_id`, `ip_address`, `minute`, `votes`)
    SELECT new.`round_id`, new.`ip_address`, cast(new.`created_at` / 60000 as integer) * 60000, 1
    WHERE coalesce(new.`ip_address`, '') != ''
    ON CONFLICT (`round_id`, `ip_address`, `minute`) DO UPDATE SET `votes` = `votes` + 1;
END;
-- ==== END HAND-WRITTEN DATA MIGRATION ====
