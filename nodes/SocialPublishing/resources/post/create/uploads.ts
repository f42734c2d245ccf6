/**
 * Media of Post → Create taken from a binary field of the input item, uploaded on the fly. The
 * file's type and size are read locally first (the upload rules are the Media → Upload ones,
 * from `shared/upload.ts`), so the post is checked with the real kind of each file before any
 * request; files are uploaded (POST /upload, each binary field once per item) only after every
 * check has passed, just before POST /posts.
 */
import type {
	IBinaryData,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { MEDIA_EXTENSIONS } from '../../../shared/platforms';
import { BINARY_SOURCE, mediaRefs, type Json, type MediaPlace } from './request';
import { pacerOf } from '../../../shared/transport/pacing';
import { baseUrlOf } from '../../../shared/baseUrl';
import { matchRoute } from '../../../shared/routeFacts';
import { uploadMedia } from '../../media/upload';
import {
	CREDENTIAL_TYPE,
	lowerCaseKeys,
	policyOf,
	sendWithPolicy,
} from '../../../shared/transport';
import {
	binarySource,
	multipartFile,
	sniffMediaType,
	UPLOAD_LIMITS,
	type BinarySource,
	type MediaType,
} from '../../../shared/upload';
import type { BinaryFileRefusal, NodeProblem } from '../../../shared/postProblems';

interface BinaryFile {
	fileName: string;
	size: number;
	type: MediaType;
	open: BinarySource['open'];
}

/** A media reference of the body whose file is still in a binary field. */
interface PendingRef extends MediaPlace {
	ref: Json;
	property: string;
}

export interface PendingUploads {
	files: Map<string, BinaryFile>;
	refs: PendingRef[];
}

/**
 * Finds the media of `posts` that come from binary fields, reads each field's type and size, and
 * gives those references a stand-in `{id, path}` with the file's real ending, so that the rule
 * checker judges the real kind of file. Problems are the files that cannot be posted; `unusable`,
 * their references, whose empty id and path are no problem of their own.
 */
export async function prepareBinaryMedia(
	context: IExecuteSingleFunctions,
	posts: Json[],
): Promise<{ pending: PendingUploads; problems: NodeProblem[]; unusable: MediaPlace[] }> {
	const pending: PendingUploads = { files: new Map(), refs: [] };
	const problems: NodeProblem[] = [];
	const unusable: MediaPlace[] = [];
	const binaries = context.getInputData().binary ?? {};
	const checked = new Map<string, BinaryFile | BinaryFileRefusal>();
	for (const { ref, ...place } of mediaRefs(posts)) {
		const property = (ref as Record<symbol, unknown>)[BINARY_SOURCE];
		if (typeof property !== 'string') continue;
		pending.refs.push({ ref, property, ...place });
		const file = checked.get(property) ?? (await describeFile(context, binaries, property));
		checked.set(property, file);
		if ('code' in file) {
			problems.push({
				kind: 'node',
				code: 'binaryFile',
				...place,
				field: 'binaryField',
				property,
				present: Object.keys(binaries),
				refusal: file,
			});
			unusable.push(place);
			continue;
		}
		pending.files.set(property, file);
		ref.id = `binary:${property}`;
		ref.path = `${property}.${file.type.ext}`;
	}
	return { pending, problems, unusable };
}

/** Reads one binary field: the file when it can be posted, else what is wrong with it. */
async function describeFile(
	context: IExecuteSingleFunctions,
	binaries: Record<string, IBinaryData>,
	property: string,
): Promise<BinaryFile | BinaryFileRefusal> {
	const binary = binaries[property];
	if (!binary) return { code: 'noField' };
	const { size, head, open } = await binarySource(context, binary);
	const fileName = binary.fileName ?? property;
	if (size === 0) return { code: 'empty', fileName };
	const type = sniffMediaType(head);
	if (!type) return { code: 'unknownType', fileName };
	if (!MEDIA_EXTENSIONS[`.${type.ext}`]) return { code: 'notForPosts', fileName, mime: type.mime };
	if (type.kind === 'image' && size > UPLOAD_LIMITS.imageBytes)
		return { code: 'imageTooLarge', fileName };
	if (size > UPLOAD_LIMITS.requestBytes) return { code: 'tooLarge', fileName };
	return { fileName, size, type, open };
}

/** Uploads each pending file once (POST /upload, re-sent only after a 429), filling its refs. */
export async function uploadPending(
	context: IExecuteSingleFunctions,
	pending: PendingUploads,
): Promise<void> {
	if (pending.refs.length === 0) return;
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const baseURL = baseUrlOf(credentials);
	const policy = policyOf(context.getNodeParameter('requestOptions', {}) as IDataObject);
	for (const [property, file] of pending.files) {
		const body = multipartFile('file', file.fileName, file.type.mime, file.size, file.open);
		const response = await sendWithPolicy(
			context.getNode(),
			{
				method: 'POST',
				path: '/upload',
				itemIndex: context.getItemIndex(),
				route: matchRoute(uploadMedia.route, 'POST', '/upload'),
			},
			policy,
			async () =>
				(await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_TYPE, {
					method: 'POST',
					baseURL,
					url: '/upload',
					body: body as unknown as IHttpRequestOptions['body'],
					headers: { Accept: 'application/json', 'Content-Type': body.type },
					disableFollowRedirect: true,
					timeout: policy.timeoutMs,
					returnFullResponse: true,
				})) as IN8nHttpFullResponse,
			{
				deadline: false,
				pacer: pacerOf(context, policy.maxInFlight),
				headersOf: (answer) => lowerCaseKeys(answer.headers),
			},
		);
		const answer = response.body as Json;
		for (const { ref } of pending.refs.filter((item) => item.property === property)) {
			ref.id = answer?.id;
			ref.path = answer?.path;
		}
	}
}
