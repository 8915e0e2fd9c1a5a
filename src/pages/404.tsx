import NotFoundPage, { Head } from "../components/notFound/NotFoundPage"

// Gatsby serves this page for every unknown address (with status 404 from the server).
export default NotFoundPage
export { Head }
