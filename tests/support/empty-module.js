// Stands in for 'server-only' under Jest, where every test file is server code.
module.exports = {};
