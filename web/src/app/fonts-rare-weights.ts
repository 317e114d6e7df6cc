// The Roboto weights no screen asks for by default (the spec offers 100–900): loaded after start-up.
import '@fontsource/roboto/100.css';
import '@fontsource/roboto/200.css';
import '@fontsource/roboto/600.css';
import '@fontsource/roboto/800.css';
import '@fontsource/roboto/900.css';
