// A chunk of its own: the dark and high-contrast palettes, loaded when a host asks for them (and in Teams).
export {
  createDarkTheme,
  createTeamsDarkTheme,
  teamsHighContrastTheme as contrast,
} from '@fluentui/react-components';
