/** The description: sanitized HTML (already cleaned on the server) or plain text with its line breaks. */
export function EventOverview({ description }: { description: { html: string } | { text: string } }) {
  if ("html" in description) {
    const sanitizedHtml = description.html; // cleaned by renderDescription (app/lib/sanitize.ts) in the loader
    return <div className="event-overview" dangerouslySetInnerHTML={{ __html: sanitizedHtml }} />;
  }
  return (
    <div className="event-overview">
      <p className="plain">{description.text}</p>
    </div>
  );
}
