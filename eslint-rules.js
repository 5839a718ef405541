// The house's own lint rules (a local ESLint plugin, named "house" in eslint.config.js): rules
// the stock rules cannot say. Each is proved by a test that lints a bad snippet
// (tests/unit/lint/house-rules.test.ts).

/** `x.transaction(...)` where x is the raw better-sqlite3 client (`client`, `$client`). */
const isRawClient = (node) =>
  (node.type === "Identifier" && /^\$?client$/.test(node.name)) ||
  (node.type === "MemberExpression" && !node.computed && node.property.name === "$client");

/**
 * Every writing transaction starts IMMEDIATE (docs/decisions/reliability.md, app/utils/db.server.ts):
 * Drizzle's `.transaction(fn, IMMEDIATE)`; better-sqlite3's own (`client.transaction(fn)`, the
 * votes) are run through `.immediate(...)`, so a file has at least as many `.immediate(` calls
 * as raw transactions it makes.
 */
const transactionImmediate = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      drizzle:
        "A transaction starts IMMEDIATE: pass IMMEDIATE (app/utils/db.server.ts) as its last argument.",
      raw: "A better-sqlite3 transaction is run with .immediate(...): {{raw}} made here, {{immediate}} run so.",
    },
  },
  create(context) {
    const raw = [];
    let immediate = 0;
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.computed) return;
        if (callee.property.name === "immediate") immediate++;
        if (callee.property.name !== "transaction") return;
        if (isRawClient(callee.object)) {
          raw.push(node);
          return;
        }
        const last = node.arguments.at(-1);
        if (node.arguments.length < 2 || last.type !== "Identifier" || last.name !== "IMMEDIATE")
          context.report({ node, messageId: "drizzle" });
      },
      "Program:exit"() {
        if (raw.length > immediate)
          context.report({ node: raw[0], messageId: "raw", data: { raw: raw.length, immediate } });
      },
    };
  },
};

/** A budget keyed by the client's address: its name ends in "Ip", or the public forms' budget. */
const PER_IP = /Ip$/;
const containsCall = (node, name) => {
  if (!node || typeof node !== "object") return false;
  if (node.type === "CallExpression" && node.callee.type === "Identifier" && node.callee.name === name)
    return true;
  return Object.entries(node).some(
    ([key, value]) =>
      key !== "parent" &&
      (Array.isArray(value)
        ? value.some((v) => containsCall(v, name))
        : value?.type && containsCall(value, name)),
  );
};

/**
 * Every per-IP budget counts a client through ipBudgetKey (app/lib/ip-budget.ts: an IPv6 /64 is
 * one subscriber, an IPv4-mapped address its IPv4): `["gateIp", key]` pairs and
 * `consume("publicForm", key)`, whose key must call ipBudgetKey.
 */
const ipBudgetKey = {
  meta: {
    type: "problem",
    schema: [],
    messages: { key: "The {{budget}} budget counts clients by ipBudgetKey(ip) (app/lib/ip-budget.ts)." },
  },
  create(context) {
    const check = (nameNode, keyNode, node) => {
      if (nameNode?.type !== "Literal" || typeof nameNode.value !== "string") return;
      const perIp = PER_IP.test(nameNode.value) || nameNode.value === "publicForm";
      if (perIp && !containsCall(keyNode, "ipBudgetKey"))
        context.report({ node, messageId: "key", data: { budget: nameNode.value } });
    };
    return {
      ArrayExpression(node) {
        if (node.elements.length === 2) check(node.elements[0], node.elements[1], node);
      },
      CallExpression(node) {
        if (node.callee.type === "Identifier" && node.callee.name === "consume")
          check(node.arguments[0], node.arguments[1], node);
      },
    };
  },
};

/**
 * The paths the server answers before Remix are named in SERVER_PATHS (server/own-paths.ts), so
 * the venue slugs can be checked against them (RESERVED_SLUGS): in server/, a route registration
 * (`app.use`, `app.get`, `app.all`, …) never takes a literal path.
 */
const REGISTER = new Set(["use", "get", "all", "post", "put", "patch", "delete", "head"]);
const serverOwnPaths = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      literal:
        "Name the path {{path}} in SERVER_PATHS (server/own-paths.ts), so no venue slug takes it (RESERVED_SLUGS).",
    },
  },
  create(context) {
    const literalPath = (node) => {
      if (node?.type === "Literal" && typeof node.value === "string") return node.value;
      if (node?.type === "TemplateLiteral") return node.quasis[0].value.cooked;
      return null;
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier") return;
        if (!REGISTER.has(callee.property.name)) return;
        const path = literalPath(node.arguments[0]);
        if (path?.startsWith("/"))
          context.report({ node: node.arguments[0], messageId: "literal", data: { path } });
      },
    };
  },
};

export default {
  meta: { name: "house" },
  rules: {
    "transaction-immediate": transactionImmediate,
    "ip-budget-key": ipBudgetKey,
    "server-own-paths": serverOwnPaths,
  },
};
