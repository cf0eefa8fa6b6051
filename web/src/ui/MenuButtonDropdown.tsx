import { Dropdown } from 'antd';

/** antd's Dropdown in a chunk of its own, for {@link MenuButton}. */
export default Dropdown;
