type Navigate = (to: string, from?: string) => void

// Code outside React (the API client) navigates through the router once the app registers it.
let navigateWith: Navigate = (to) => window.location.assign(to)

export function setNavigator(navigate: Navigate): void {
  navigateWith = navigate
}

export function navigateTo(to: string, from?: string): void {
  navigateWith(to, from)
}
