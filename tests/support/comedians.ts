/**
 * A comedian profile as the staff form's handler hands it to the model (`saveComedianProfile`):
 * the name, a slug made from it, no bio, photo or links unless `over` gives them.
 */
export const comedianProfile = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
  slugGiven: false,
  bio: null,
  photoFocus: null,
  removePhoto: false,
  links: { instagram: null, tiktok: null, youtube: null, website: null },
  ...over,
});
