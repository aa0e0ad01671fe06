/**
 * The assignee value of a macro that takes the ticket off whoever has it. Apart from the macro
 * schema so the reply box (in the workspace's first load) can name it without the validation library.
 */
export const UNASSIGN = "unassign";
