// Shared by every test file: quiet logs unless asked for.
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
