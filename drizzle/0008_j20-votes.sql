CREATE TABLE `round_tallies` (
	`round_id` integer NOT NULL,
	`comedian_id` integer NOT NULL,
	`votes` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`round_id`, `comedian_id`),
	FOREIGN KEY (`round_id`) REFERENCES `voting_rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comedian_id`) REFERENCES `comedians`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `vote_minutes` (
	`round_id` integer NOT NULL,
	`ip_address` text NOT NULL,
	`minute` integer NOT NULL,
	`votes` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`round_id`, `ip_address`, `minute`),
	FOREIGN KEY (`round_id`) REFERENCES `voting_rounds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vote_minutes_round_votes_idx` ON `vote_minutes` (`round_id`,`votes`);--> statement-breakpoint
DROP INDEX `votes_round_comedian_idx`;--> statement-breakpoint
-- ==== HAND-WRITTEN DATA MIGRATION (j20-votes): tallies of the votes already cast, then the triggers that keep them ====
-- Votes per round and comedian, and per round, client address and minute (the host's burst list),
-- as the reads counted them from `votes` (minute: cast(created_at / 60000 as integer) * 60000).
INSERT INTO `round_tallies` (`round_id`, `comedian_id`, `votes`)
  SELECT `round_id`, `comedian_id`, count(*) FROM `votes` GROUP BY `round_id`, `comedian_id`;--> statement-breakpoint
INSERT INTO `vote_minutes` (`round_id`, `ip_address`, `minute`, `votes`)
  SELECT `round_id`, `ip_address`, cast(`created_at` / 60000 as integer) * 60000, count(*) FROM `votes`
  WHERE coalesce(`ip_address`, '') != '' GROUP BY 1, 2, 3;--> statement-breakpoint
-- Kept in the statement that inserts, deletes (a round's cascade too) or moves a vote, so in its transaction.
CREATE TRIGGER `votes_tally_insert` AFTER INSERT ON `votes` BEGIN
  INSERT INTO `round_tallies` (`round_id`, `comedian_id`, `votes`) VALUES (new.`round_id`, new.`comedian_id`, 1)
    ON CONFLICT (`round_id`, `comedian_id`) DO UPDATE SET `votes` = `votes` + 1;
  INSERT INTO `vote_minutes` (`round_id`, `ip_address`, `minute`, `votes`)
    SELECT new.`round_id`, new.`ip_address`, cast(new.`created_at` / 60000 as integer) * 60000, 1
    WHERE coalesce(new.`ip_address`, '') != ''
    ON CONFLICT (`round_id`, `ip_address`, `minute`) DO UPDATE SET `votes` = `votes` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `votes_tally_delete` AFTER DELETE ON `votes` BEGIN
  UPDATE `round_tallies` SET `votes` = `votes` - 1
    WHERE `round_id` = old.`round_id` AND `comedian_id` = old.`comedian_id`;
  UPDATE `vote_minutes` SET `votes` = `votes` - 1
    WHERE `round_id` = old.`round_id` AND `ip_address` = old.`ip_address`
      AND `minute` = cast(old.`created_at` / 60000 as integer) * 60000;
  DELETE FROM `vote_minutes` WHERE `round_id` = old.`round_id` AND `ip_address` = old.`ip_address`
      AND `minute` = cast(old.`created_at` / 60000 as integer) * 60000 AND `votes` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `votes_tally_update` AFTER UPDATE OF `round_id`, `comedian_id`, `ip_address`, `created_at` ON `votes` BEGIN
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
