/** Tests run the TypeScript sources through ts-jest; type checking is done once by `npm run typecheck`. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	setupFiles: ['<rootDir>/test/setup-env.js'],
	testTimeout: 30000,
	maxWorkers: 2,
	reporters: ['default', '<rootDir>/test/helpers/summaryReporter.js'],
};
