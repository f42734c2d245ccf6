import { resourceOperations } from '../../shared/routing';
import { getChannelAnalytics } from './getChannel';
import { getPostAnalytics } from './getPost';

export const analyticsOperations = [getChannelAnalytics, getPostAnalytics];

export const analyticsDescription = resourceOperations(
	'analytics',
	analyticsOperations,
	'getChannel',
);
