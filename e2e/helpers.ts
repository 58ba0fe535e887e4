import { expect, type Page } from '@playwright/test'
import { ADMIN, urlOf, type ServerName } from './servers.js'

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, server: ServerName, path = '/login') {
  await page.goto(urlOf(server, path))
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: /sign in/i }).click()
}

export async function expectPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path)
}

export const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' })
