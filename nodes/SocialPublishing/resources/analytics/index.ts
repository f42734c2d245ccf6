import { getChannelAnalytics } from './getChannel';
import { getPostAnalytics } from './getPost';

export const analyticsOperations = [getChannelAnalytics, getPostAnalytics];
