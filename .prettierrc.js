// The @n8n/node-cli scaffold's settings (tabs, single quotes, trailing commas, 100 columns), as n8n's own
// repositories use them. `npm run lint` checks them (`prettier --check`); `npm run format` writes them.
module.exports = {
	semi: true,
	trailingComma: 'all',
	bracketSpacing: true,
	useTabs: true,
	tabWidth: 2,
	arrowParens: 'always',
	singleQuote: true,
	quoteProps: 'as-needed',
	endOfLine: 'lf',
	printWidth: 100,
};
