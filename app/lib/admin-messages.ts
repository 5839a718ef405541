/** The spec's admin messages that more than one route uses. */
export const ARCHIVE_QUESTION =
  "Are you sure you want to archive this event? It will be moved to the archive.";

export const ARCHIVED_READ_ONLY = "This event is archived and cannot be edited.";

export const notFoundMessage = (id: string | number | undefined) => `Event with ID ${id} not found`;

export const autoArchivedMessage = (count: number) => `Automatically archived ${count} past events`;
