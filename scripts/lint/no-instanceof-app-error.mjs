// The lint rule `ticketry/no-instanceof-app-error`: `x instanceof AppError` is an error. The
// production build may give server chunks their own copies of lib/errors.ts, and an AppError made
// by one copy (thrown by an object kept once per process, such as the live hub) is no instance of
// another copy's class; isAppError reads a mark that every copy shares.

/** @type {import("eslint").Rule.RuleModule} */
export const noInstanceofAppError = {
  meta: {
    type: "problem",
    docs: { description: "Recognise an AppError with isAppError, which holds across server chunks" },
    schema: [],
    messages: {
      instanceof: "Use isAppError(error) from lib/errors: `instanceof AppError` fails across server chunks.",
    },
  },
  create(context) {
    return {
      BinaryExpression(node) {
        if (node.operator !== "instanceof") return;
        const { right } = node;
        const name =
          right.type === "Identifier"
            ? right.name
            : right.type === "MemberExpression" && right.property.type === "Identifier"
              ? right.property.name
              : null;
        if (name === "AppError") context.report({ node, messageId: "instanceof" });
      },
    };
  },
};
