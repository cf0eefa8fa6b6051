// the chunk of antd's static notification, for toasts outside an AppFeedbackProvider
export { notification } from 'antd';
