// A chunk of its own: only the Teams host needs these themes.
export { teamsLightTheme, teamsDarkTheme } from '@fluentui/react-components';
