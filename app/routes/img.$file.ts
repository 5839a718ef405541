import fs from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { headshotSide, headshotWidths } from "~/lib/headshots";
import {
  displayWidths,
  fitsImage,
  maxDisplayWidth,
  parseVariantName,
  STOCK_SHARE_IMAGE,
  type VariantName,
} from "~/lib/image-variants";
import { isHeadshotInUse } from "~/models/headshots.server";
import { dataImagesDir, getImageRow, isImageInUse, markImageBroken } from "~/models/show-images.server";
import { refusal } from "~/utils/form-pipeline.server";
import { ensureVariantFile, ImageError, variantPath } from "~/utils/image-pipeline.server";
import { logger } from "~/utils/logger.server";

const TYPES = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;

/**
 * A show-image or headshot variant, /img/<hash>-<fx>-<fy>-<kind>.<ext>. The name says everything the bytes
 * depend on (content hash, focal point, size, format), so answers are cached for a year as
 * immutable. Missing variants are rendered on first request, but only for an image and focal
 * point some show uses (no disk filling with made-up names). `nosniff` and the resource policy
 * come from the request pipeline, as for every asset (isAssetPath).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const name = parseVariantName(params.file ?? "");
  if (!name) return notFound();
  const dir = dataImagesDir();
  let file = variantPath(dir, name);
  if (!fs.existsSync(file)) {
    const row = getImageRow(name.hash);
    if (!row || !inUse(name)) return notFound();
    // Only the names the image's own fit gives (a whole poster has no crops, and no whole files
    // for a crop), at the widths it allows.
    if (!fitsImage(name, row)) return notFound();
    const maxWidth = maxDisplayWidth(row.width, row.height, name.focus);
    if (name.kind.type === "display" && !displayWidths(maxWidth).includes(name.kind.width)) return notFound();
    if (name.kind.type === "square" && !headshotWidths(headshotSide(row)).includes(name.kind.width))
      return notFound();
    try {
      file = await ensureVariantFile(dir, row, name);
    } catch (error) {
      if (error instanceof ImageError && error.kind === "busy") {
        return refusal(503, "Busy", 5);
      }
      // The master is missing or damaged: the page still gets a picture (the stock one, not
      // cached), and the shows using this image are marked for the dashboard.
      logger().warn({ err: error, file: params.file }, "image variant failed");
      markImageBroken(name.hash, "The stored image file is missing or damaged; upload it again.");
      return stockImage();
    }
  }
  const body = await fs.promises.readFile(file);
  const ext = (params.file ?? "").split(".").pop() as keyof typeof TYPES;
  return new Response(body, {
    headers: {
      "Content-Type": TYPES[ext],
      "Content-Length": String(body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

/** A show's files for a show's image, a headshot's squares for a comedian's; a preview for either. */
function inUse(name: VariantName) {
  if (name.kind.type === "preview") return isImageInUse(name.hash, null) || isHeadshotInUse(name.hash, null);
  if (name.kind.type === "square") return isHeadshotInUse(name.hash, name.focus);
  return isImageInUse(name.hash, name.focus);
}

async function stockImage() {
  const body = await fs.promises.readFile(path.resolve("public", STOCK_SHARE_IMAGE.slice(1)));
  return new Response(body, { headers: { "Content-Type": "image/jpeg", "Cache-Control": "no-store" } });
}

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" },
  });
}
