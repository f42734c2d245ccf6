import { resourceOperations } from '../../shared/routing';
import { getChannelAnalytics } from './getChannel';
import { getPostAnalytics } from './getPost';

export const analyticsDescription = resourceOperations(
	'analytics',
	[getChannelAnalytics, getPostAnalytics],
	'getChannel',
);
