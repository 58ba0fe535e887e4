import { expect, type Page } from '@playwright/test'
import { ADMIN, urlOf, type ServerName } from './servers.js'

/** Fills and sends the sign-in form already on the page. */
export async function submitSignIn(page: Page, password = ADMIN.password) {
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: /sign in/i }).click()
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, server: ServerName, path = '/login') {
  await page.goto(urlOf(server, path))
  await submitSignIn(page)
}

export async function expectPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path)
}

export const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' })
