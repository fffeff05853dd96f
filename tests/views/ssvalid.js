// ssvalid.js SCHEMA FILE: validate a speedscope file against speedscope's
// own JSON schema (file-format-schema.json from its npm package) with ajv;
// prints the errors and exits 1 if it does not conform.
'use strict';
const fs = require('fs');
const Ajv = require('ajv');
const schema = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const doc = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true });
const validate = ajv.compile(schema);
if (!validate(doc)) {
	console.log(JSON.stringify(validate.errors, null, 1));
	process.exit(1);
}
console.log('valid');
