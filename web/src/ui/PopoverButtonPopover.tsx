import { Popover } from 'antd';

/** antd's Popover in a chunk of its own, for {@link PopoverButton}. */
export default Popover;
