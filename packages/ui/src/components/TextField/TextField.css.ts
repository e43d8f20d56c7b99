export { control as input, field as root } from '../_internal/field.css';
