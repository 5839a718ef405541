#!/bin/sh
# The image's ENTRYPOINT: runs the command (CMD: the server) as the app user.
#
# Fly (like most platforms) mounts a fresh volume owned by root over /data, hiding anything the
# image prepared there. Started as root (the image's default), this script creates the database's
# directory, hands it and anything in it to the app user, and then drops privileges with setpriv
# (util-linux, already in Debian images) before exec'ing the command: the server never runs as
# root, and no shell stays behind between the platform and the server (signals reach it directly).
# Started as any other user (`docker run --user node`), it changes nothing and just runs the command.
#
# APP_USER picks the user (default `node`, the one the Node image ships); `npm run test:container`
# sets it to `nobody` because the development machines have no `node` user.
set -eu

app_user="${APP_USER:-node}"
db_path="${DATABASE_PATH:-/data/app.db}"
data_dir=$(dirname -- "$db_path")

if [ "$(id -u)" = 0 ]; then
  if ! uid=$(id -u -- "$app_user" 2>/dev/null); then
    echo "entrypoint: no user '$app_user' in this image (APP_USER)" >&2
    exit 1
  fi
  if [ "$uid" = 0 ]; then
    echo "entrypoint: refusing to run the server as root (APP_USER=$app_user)" >&2
    exit 1
  fi
  gid=$(id -g -- "$app_user")
  case "$data_dir" in
    /*) ;;
    *) data_dir="$(pwd)/$data_dir" ;;
  esac
  if [ "$db_path" != ":memory:" ] && [ "$data_dir" != "/" ]; then
    mkdir -p -- "$data_dir"
    # A LiteFS mount (deploy/litefs.yml) is a FUSE file system whose files LiteFS owns: leave it.
    case "$(stat -f -c %T -- "$data_dir")" in
      fuse*) ;;
      *)
        # The directory itself (a fresh volume's root is root:root 0755), then whatever a root
        # shell may have left in it (`fly ssh console` then `npm run db:seed`: a root-owned
        # app.db-wal makes the database read-only for the server). Symlinks are changed, never
        # followed (-h); other mounts and the volume's lost+found are left alone.
        chown -h -- "$uid:$gid" "$data_dir"
        find "$data_dir" -xdev -mindepth 1 ! -path "$data_dir/lost+found" ! -path "$data_dir/lost+found/*" \
          \( ! -user "$uid" -o ! -group "$gid" \) -exec chown -h -- "$uid:$gid" {} +
        ;;
    esac
  fi
  # setpriv changes the ids, not the environment (npm and tsx write under $HOME).
  HOME=$(getent passwd "$app_user" | cut -d: -f6)
  USER="$app_user"
  LOGNAME="$app_user"
  export HOME USER LOGNAME
  # The rest of this script runs again as the app user (below), so Litestream, a restore and the
  # server all run as that user.
  exec setpriv --reuid="$uid" --regid="$gid" --init-groups --inh-caps=-all --no-new-privs -- "$0" "$@"
fi

if [ "$db_path" != ":memory:" ] && [ -d "$data_dir" ] && [ ! -w "$data_dir" ]; then
  echo "entrypoint: $data_dir is not writable by uid $(id -u): start the container as root (the" \
    "image's default) so this script can hand the volume to '$app_user', or chown it yourself" >&2
  exit 1
fi

# Issue 38: off-site replication, for the server only (not for `npm run staff` and other
# commands run through this script: a second Litestream on the same database would fight the
# first). The server is the command whose last word is build/server.js (the image's CMD).
for last in "$@"; do :; done
case "${last:-}" in
  build/server.js | */build/server.js) server=1 ;;
  *) server=0 ;;
esac
if [ "$server" = 1 ] && [ -n "${BUCKET_NAME:-}" ]; then
  litestream="${LITESTREAM_BIN:-}"
  if [ -z "$litestream" ]; then
    for candidate in node_modules/@flydotio/litestream-linux-*/litestream; do
      [ -x "$candidate" ] && litestream="$candidate"
    done
  fi
  if [ -z "$litestream" ] || [ ! -x "$litestream" ]; then
    echo "entrypoint: BUCKET_NAME is set but no litestream binary was found (npm package @flydotio/litestream)" >&2
    exit 1
  fi
  AWS_REGION="${AWS_REGION:-auto}"
  LITESTREAM_ADDR="${LITESTREAM_ADDR:-127.0.0.1:9090}"
  export AWS_REGION LITESTREAM_ADDR DATABASE_PATH="$db_path"
  config="${LITESTREAM_CONFIG:-deploy/litestream.yml}"
  # An empty volume (a new or replaced machine) starts from the bucket: the database, then the
  # poster masters. Nothing in the bucket yet (the first deploy): it starts empty.
  if [ ! -e "$db_path" ]; then
    echo "entrypoint: no database at $db_path: restoring it from bucket $BUCKET_NAME if it holds one"
    node_modules/.bin/tsx scripts/db-restore.ts --from-replica --if-replica-exists
  fi
  echo "entrypoint: replicating $db_path to bucket $BUCKET_NAME (Litestream, every second)"
  exec "$litestream" replicate -config "$config" -exec "$*"
fi
if [ "$server" = 1 ]; then
  echo "entrypoint: BUCKET_NAME is not set: the database is NOT replicated off-site (docs/operations.md, first deploy)"
fi
exec "$@"
