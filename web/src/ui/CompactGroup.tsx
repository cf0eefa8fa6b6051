import Compact, { type SpaceCompactProps } from 'antd/es/space/Compact';

export type CompactGroupProps = SpaceCompactProps;

/**
 * antd's `Space.Compact` (buttons joined into one control, e.g. an action and the menu of its other ways) without the
 * rest of `Space`: antd's Button imports this module for its compact look anyway, while `Space` brings its own items
 * and addons.
 */
export const CompactGroup = Compact;
