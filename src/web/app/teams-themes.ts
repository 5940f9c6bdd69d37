// A chunk of its own: only the Teams host needs Teams' dark palette.
export { createTeamsDarkTheme } from '@fluentui/react-components';
